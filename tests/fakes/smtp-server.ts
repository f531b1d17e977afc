/**
 * A real SMTP server on loopback that keeps what it receives, and can be told to fail the way real
 * ones do: refuse recipients with a 5xx, or stall without answering. Its port, its list of mail and
 * its faults come from the shared harness (./harness.ts), as the HTTP fakes' do.
 */
import { SMTPServer } from "smtp-server";
import { FaultQueue, type FaultTimes, listenOnLoopback, RecordList } from "./harness";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** `reject`: the next recipient is refused with 550; `stall`: the next connection is never greeted. */
export interface FakeSmtpFault {
  kind: "reject" | "stall";
  /** How many recipients or connections (default 1; "all" until clearFaults()). */
  times?: FaultTimes;
}

export type FakeSmtpMode = "accept" | FakeSmtpFault["kind"];

export interface FakeSmtp {
  url: string;
  /** The mail accepted so far, oldest first (copies). */
  readonly received: ReceivedMail[];
  /** A standing fault for every connection until changed (`accept` clears every fault). */
  mode: FakeSmtpMode;
  injectFault(fault: FakeSmtpFault): void;
  clearFaults(): void;
  /** Closes the server, and any connection still open (a stalled one included). */
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received = new RecordList<ReceivedMail>();
  const faults = new FaultQueue<FakeSmtpFault>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No reverse DNS of the client: tests reach nothing but loopback, and the greeting is not delayed.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      if (faults.take((f) => f.kind === "stall")) return; // never greet: the client must time out
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (faults.take((f) => f.kind === "reject")) {
        const err = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.add({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  const listener = await listenOnLoopback(server.server, (done) => server.close(done));
  return {
    url: `smtp://127.0.0.1:${listener.port}`,
    get received() {
      return received.all();
    },
    get mode() {
      return faults.peek()?.kind ?? "accept";
    },
    set mode(mode) {
      faults.clear();
      if (mode !== "accept") faults.inject({ kind: mode, times: "all" });
    },
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    close: () => listener.close(),
  };
}
