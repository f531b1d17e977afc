import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { RefreshCw, ShieldCheck, Sparkles } from "lucide-react";

const features = [
  {
    icon: ShieldCheck,
    title: msg({ id: "showcase.safe.title", message: "Credentials kept safe" }),
    text: msg({
      id: "showcase.safe.text",
      message: "Account passwords and 2FA secrets are encrypted at rest and revealed only when you ask.",
    }),
  },
  {
    icon: RefreshCw,
    title: msg({ id: "showcase.sync.title", message: "Always in sync" }),
    text: msg({
      id: "showcase.sync.text",
      message: "Account status, orders and billing are refreshed automatically from your records.",
    }),
  },
  {
    icon: Sparkles,
    title: msg({ id: "showcase.optimization.title", message: "Profile optimization" }),
    text: msg({
      id: "showcase.optimization.text",
      message: "Request expert improvements to headlines, photos and experience in a few clicks.",
    }),
  },
];

const stats = [
  {
    value: msg({ id: "showcase.reply.value", message: "24 h" }),
    label: msg({ id: "showcase.reply.label", message: "Support reply time" }),
  },
  {
    value: msg({ id: "showcase.guarantee.value", message: "30 days" }),
    label: msg({ id: "showcase.guarantee.label", message: "Money-back guarantee" }),
  },
  {
    value: msg({ id: "showcase.encryption.value", message: "AES-256" }),
    label: msg({ id: "showcase.encryption.label", message: "Encryption at rest" }),
  },
  {
    value: msg({ id: "showcase.interval.value", message: "15 min" }),
    label: msg({ id: "showcase.interval.label", message: "Sync interval" }),
  },
];

/** The product pitch beside the sign-in and loading screens; large screens only. */
export function BrandShowcase() {
  const { i18n, t } = useLingui();
  return (
    <div className="flex max-w-xl flex-col gap-10">
      <div className="space-y-3">
        <h2 className="text-3xl font-semibold tracking-tight text-balance">
          {t({ id: "showcase.heading", message: "Your professional network accounts, managed in one place" })}
        </h2>
        <p className="text-lg text-slate-300">
          {t({
            id: "showcase.lead",
            message: "Buy, monitor and optimise LinkedIn accounts from a single dashboard.",
          })}
        </p>
        <p className="text-slate-300">
          {t({
            id: "showcase.summary",
            message: "Every account synced, every order tracked, every invoice at hand.",
          })}
        </p>
      </div>
      <ul className="space-y-5">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title.id} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 text-blue-200 ring-1 ring-white/15">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-medium">{i18n._(title)}</span>
              <span className="block text-sm text-slate-300">{i18n._(text)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-4">
        {stats.map(({ value, label }) => (
          <div key={label.id} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
            <dt className="text-sm text-slate-300">{i18n._(label)}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight">{i18n._(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
