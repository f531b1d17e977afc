/**
 * A real SMTP server on loopback that keeps what it receives, and can be told to fail the way real
 * ones do: refuse recipients with a 5xx, or stall without answering.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  mode: "accept" | "reject" | "stall";
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const fake: Omit<FakeSmtp, "url" | "close"> = { received: [], mode: "accept" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (fake.mode === "stall") return; // never greet: the client must time out
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (fake.mode === "reject") {
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
        fake.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
