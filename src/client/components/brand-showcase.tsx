import { RefreshCw, ShieldCheck, Sparkles } from "lucide-react";

const features = [
  {
    icon: ShieldCheck,
    title: "Credentials kept safe",
    text: "Account passwords and 2FA secrets are encrypted at rest and revealed only when you ask.",
  },
  {
    icon: RefreshCw,
    title: "Always in sync",
    text: "Account status, orders and billing are refreshed automatically from your records.",
  },
  {
    icon: Sparkles,
    title: "Profile optimization",
    text: "Request expert improvements to headlines, photos and experience in a few clicks.",
  },
] as const;

const stats = [
  { value: "24 h", label: "Support reply time" },
  { value: "30 days", label: "Money-back guarantee" },
  { value: "AES-256", label: "Encryption at rest" },
  { value: "15 min", label: "Sync interval" },
] as const;

/** The product pitch beside the sign-in and loading screens; large screens only. */
export function BrandShowcase() {
  return (
    <div className="flex max-w-xl flex-col gap-10">
      <div className="space-y-3">
        <h2 className="text-3xl font-semibold tracking-tight text-balance">
          Your professional network accounts, managed in one place
        </h2>
        <p className="text-lg text-slate-300">
          Buy, monitor and optimise LinkedIn accounts from a single dashboard.
        </p>
        <p className="text-slate-300">Every account synced, every order tracked, every invoice at hand.</p>
      </div>
      <ul className="space-y-5">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 text-blue-200 ring-1 ring-white/15">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-medium">{title}</span>
              <span className="block text-sm text-slate-300">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-4">
        {stats.map(({ value, label }) => (
          <div key={label} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
