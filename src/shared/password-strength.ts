/** The register form's strength meter: one point each for length 8+, an uppercase letter, a digit, a symbol. */
export function passwordStrength(password: string): {
  score: 0 | 1 | 2 | 3 | 4;
  colour: "red" | "yellow" | "green";
} {
  const score = [/.{8,}/s, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((rule) => rule.test(password)).length as
    | 0
    | 1
    | 2
    | 3
    | 4;
  return { score, colour: score <= 2 ? "red" : score === 3 ? "yellow" : "green" };
}
