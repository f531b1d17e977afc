/** The help centre's questions and answers, by topic. Plain data: the FAQ searches and shows it. */

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export interface FaqTopic {
  id: string;
  title: string;
  entries: FaqEntry[];
}

export const FAQ_TOPICS: FaqTopic[] = [
  {
    id: "accounts",
    title: "Your accounts",
    entries: [
      {
        id: "where-accounts",
        question: "Where do I find the LinkedIn accounts I bought?",
        answer:
          "Open LinkedIn under Accounts in the sidebar. Every account we have delivered to you is listed with its type, status and login details. If an account you expect is missing, select Sync Now.",
      },
      {
        id: "account-statuses",
        question: "What do the account statuses mean?",
        answer:
          "Signed In: the account is signed in and ready to use. Not Signed In: it has not been signed in yet. Wrong Password: LinkedIn refused the stored password. Restricted: LinkedIn asks for a verification, such as an ID. For Wrong Password or Restricted, contact us and we will sort it out.",
      },
      {
        id: "change-profile",
        question: "How do I change my email address or name?",
        answer:
          "In Settings, select Edit Profile, change the fields and save. A new email address takes effect once you confirm it from the link we send to it.",
      },
    ],
  },
  {
    id: "credentials",
    title: "Credentials and 2FA",
    entries: [
      {
        id: "see-password",
        question: "How do I see an account's password?",
        answer:
          "Select the eye button beside the masked password. Passwords are stored encrypted and fetched only when you reveal one, and every reveal is recorded for your security. The copy button puts it on your clipboard.",
      },
      {
        id: "two-factor",
        question: "How do I sign in to an account that has two-factor authentication?",
        answer:
          "Expand the account's row. Where we hold its authenticator key, a live 6-digit login code is shown with the seconds it has left; its recovery codes are there too.",
      },
      {
        id: "forgot-password",
        question: "I forgot my portal password. What do I do?",
        answer:
          "On the sign-in page, choose Forgot password and enter your email address. We email you a link to choose a new password.",
      },
    ],
  },
  {
    id: "billing",
    title: "Orders and billing",
    entries: [
      {
        id: "order-more",
        question: "How do I order more accounts?",
        answer:
          "Open Orders under Billing & Orders, add plans and add-ons to your cart, then select Confirm and Checkout. Volume discounts are applied to the whole order at checkout.",
      },
      {
        id: "when-charged",
        question: "When am I charged?",
        answer:
          "Plans are priced per month and billed monthly, and you are charged only for the accounts we have delivered to you.",
      },
      {
        id: "payments",
        question: "Where can I see my payments?",
        answer:
          "Transaction History under Billing & Orders lists every payment, with a receipt where the payment provider offers one.",
      },
    ],
  },
  {
    id: "optimization",
    title: "Profile optimization",
    entries: [
      {
        id: "new-request",
        question: "How do I ask for profile optimization?",
        answer:
          "Open Profile Optimization and select New Request: your request form opens in a new tab. If you have no form yet, contact us and we will send you one.",
      },
      {
        id: "optimization-statuses",
        question: "What do the optimization statuses mean?",
        answer:
          "Submitted or Pending: we have your request. In review or In progress: we are working on it. Confirmed or Completed: the work is done. Cancelled: the request was stopped.",
      },
    ],
  },
  {
    id: "support",
    title: "Support",
    entries: [
      {
        id: "contact",
        question: "How do I contact support?",
        answer:
          "Write to us by email and we reply within 24 hours, call us Monday to Friday from 9AM to 6PM GMT, or start a live chat: the options are at the top of this page.",
      },
      {
        id: "response-time",
        question: "How quickly do you answer?",
        answer:
          "Live chat answers in about 2 minutes on average, email within 24 hours, and the phone line is open Monday to Friday, 9AM to 6PM GMT.",
      },
    ],
  },
];

/** The topics with only the entries whose question or answer contains every word of the search. */
export function searchFaq(topics: readonly FaqTopic[], search: string): FaqTopic[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics
    .map((topic) => ({
      ...topic,
      entries: topic.entries.filter((entry) => {
        const haystack = `${topic.title} ${entry.question} ${entry.answer}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((topic) => topic.entries.length > 0);
}
