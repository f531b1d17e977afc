import { Fragment } from "react";

/**
 * An email that wraps only where a reader expects it to: after the @ and before a dot of the domain,
 * never inside a word ("valentina.yamamoto83@example.c / om"). A part too long for its box is cut
 * short with an ellipsis; the whole address is its title, and copying gives it whole.
 */
export function AccountEmail({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  const local = at >= 0 ? email.slice(0, at + 1) : email;
  const domain = at >= 0 ? email.slice(at + 1).split(/(?=\.)/) : [];
  return (
    <span
      title={email}
      className="block min-w-0 overflow-hidden text-ellipsis [overflow-wrap:normal] [word-break:normal]"
    >
      {/* Each part whole (a hyphen inside one is no place to break); a line may end only between parts. */}
      <span className="whitespace-nowrap">{local}</span>
      {domain.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={index}>
          <wbr />
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
