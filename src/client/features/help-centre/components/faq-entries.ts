/**
 * The help centre's questions and answers, by topic. Plain data: the FAQ shows it in the page's
 * language and searches what it shows.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

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

interface FaqTopicMessages {
  id: string;
  title: MessageDescriptor;
  entries: { id: string; question: MessageDescriptor; answer: MessageDescriptor }[];
}

const FAQ_TOPIC_MESSAGES: FaqTopicMessages[] = [
  {
    id: "accounts",
    title: msg({ id: "help.faq.accounts.title", message: "Your accounts" }),
    entries: [
      {
        id: "where-accounts",
        question: msg({
          id: "help.faq.where-accounts.question",
          message: "Where do I find the LinkedIn accounts I bought?",
        }),
        answer: msg({
          id: "help.faq.where-accounts.answer",
          message:
            "Open LinkedIn under Accounts in the sidebar. Every account we have delivered to you is listed with its type, status and login details. If an account you expect is missing, select Sync Now.",
        }),
      },
      {
        id: "account-statuses",
        question: msg({
          id: "help.faq.account-statuses.question",
          message: "What do the account statuses mean?",
        }),
        answer: msg({
          id: "help.faq.account-statuses.answer",
          message:
            "Signed In: the account is signed in and ready to use. Not Signed In: it has not been signed in yet. Wrong Password: LinkedIn refused the stored password. Restricted: LinkedIn asks for a verification, such as an ID. For Wrong Password or Restricted, contact us and we will sort it out.",
        }),
      },
      {
        id: "change-profile",
        question: msg({
          id: "help.faq.change-profile.question",
          message: "How do I change my email address or name?",
        }),
        answer: msg({
          id: "help.faq.change-profile.answer",
          message:
            "In Settings, select Edit Profile, change the fields and save. A new email address takes effect once you confirm it from the link we send to it.",
        }),
      },
    ],
  },
  {
    id: "credentials",
    title: msg({ id: "help.faq.credentials.title", message: "Credentials and 2FA" }),
    entries: [
      {
        id: "see-password",
        question: msg({
          id: "help.faq.see-password.question",
          message: "How do I see an account's password?",
        }),
        answer: msg({
          id: "help.faq.see-password.answer",
          message:
            "Select the eye button beside the masked password. Passwords are stored encrypted and fetched only when you reveal one, and every reveal is recorded for your security. The copy button puts it on your clipboard.",
        }),
      },
      {
        id: "two-factor",
        question: msg({
          id: "help.faq.two-factor.question",
          message: "How do I sign in to an account that has two-factor authentication?",
        }),
        answer: msg({
          id: "help.faq.two-factor.answer",
          message:
            "Expand the account's row. Where we hold its authenticator key, a live 6-digit login code is shown with the seconds it has left; its recovery codes are there too.",
        }),
      },
      {
        id: "forgot-password",
        question: msg({
          id: "help.faq.forgot-password.question",
          message: "I forgot my portal password. What do I do?",
        }),
        answer: msg({
          id: "help.faq.forgot-password.answer",
          message:
            "On the sign-in page, choose Forgot password and enter your email address. We email you a link to choose a new password.",
        }),
      },
    ],
  },
  {
    id: "billing",
    title: msg({ id: "help.faq.billing.title", message: "Orders and billing" }),
    entries: [
      {
        id: "order-more",
        question: msg({ id: "help.faq.order-more.question", message: "How do I order more accounts?" }),
        answer: msg({
          id: "help.faq.order-more.answer",
          message:
            "Open Orders under Billing & Orders, add plans and add-ons to your cart, then select Confirm and Checkout. Volume discounts are applied to the whole order at checkout.",
        }),
      },
      {
        id: "when-charged",
        question: msg({ id: "help.faq.when-charged.question", message: "When am I charged?" }),
        answer: msg({
          id: "help.faq.when-charged.answer",
          message:
            "Plans are priced per month and billed monthly, and you are charged only for the accounts we have delivered to you.",
        }),
      },
      {
        id: "payments",
        question: msg({ id: "help.faq.payments.question", message: "Where can I see my payments?" }),
        answer: msg({
          id: "help.faq.payments.answer",
          message:
            "Transaction History under Billing & Orders lists every payment, with a receipt where the payment provider offers one.",
        }),
      },
    ],
  },
  {
    id: "optimization",
    title: msg({ id: "help.faq.optimization.title", message: "Profile optimization" }),
    entries: [
      {
        id: "new-request",
        question: msg({
          id: "help.faq.new-request.question",
          message: "How do I ask for profile optimization?",
        }),
        answer: msg({
          id: "help.faq.new-request.answer",
          message:
            "Open Profile Optimization and select New Request: your request form opens in a new tab. If you have no form yet, contact us and we will send you one.",
        }),
      },
      {
        id: "optimization-statuses",
        question: msg({
          id: "help.faq.optimization-statuses.question",
          message: "What do the optimization statuses mean?",
        }),
        answer: msg({
          id: "help.faq.optimization-statuses.answer",
          message:
            "Submitted or Pending: we have your request. In review or In progress: we are working on it. Confirmed or Completed: the work is done. Cancelled: the request was stopped.",
        }),
      },
    ],
  },
  {
    id: "support",
    title: msg({ id: "help.faq.support.title", message: "Support" }),
    entries: [
      {
        id: "contact",
        question: msg({ id: "help.faq.contact.question", message: "How do I contact support?" }),
        answer: msg({
          id: "help.faq.contact.answer",
          message:
            "Write to us by email and we reply within 24 hours, call us Monday to Friday from 9AM to 6PM GMT, or start a live chat: the options are at the top of this page.",
        }),
      },
      {
        id: "response-time",
        question: msg({ id: "help.faq.response-time.question", message: "How quickly do you answer?" }),
        answer: msg({
          id: "help.faq.response-time.answer",
          message:
            "Live chat answers in about 2 minutes on average, email within 24 hours, and the phone line is open Monday to Friday, 9AM to 6PM GMT.",
        }),
      },
    ],
  },
];

/** The topics and their entries in the page's language, read when they are shown. */
export function faqTopics(i18n: I18n): FaqTopic[] {
  return FAQ_TOPIC_MESSAGES.map((topic) => ({
    id: topic.id,
    title: i18n._(topic.title),
    entries: topic.entries.map((entry) => ({
      id: entry.id,
      question: i18n._(entry.question),
      answer: i18n._(entry.answer),
    })),
  }));
}

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
