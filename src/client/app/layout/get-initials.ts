/** Up to two letters for an avatar: the first letters of the first and last words of a name. */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from splits by code point, so a name starting with an emoji or astral letter stays whole.
  const letter = (word: string) => Array.from(word)[0] ?? "";
  return (letter(first) + (last ? letter(last) : "")).toLocaleUpperCase();
}
