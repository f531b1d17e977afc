import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
} from "react";

type Props = Record<string, unknown>;

/** Both refs get the element: the slot's (the button's caller) and the child's own. */
function bothRefs<T>(first: Ref<T>, second: Ref<T>): RefCallback<T> {
  return (node) => {
    for (const ref of [first, second]) {
      if (typeof ref === "function") ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    }
  };
}

/**
 * The button's `asChild`: renders its one child element with the slot's props merged in, as Radix's
 * Slot does (the child's props win, handlers of both run, the child's first, class names and styles
 * add up, both refs are set). A few lines of our own rather than Radix's, which with its ref helpers
 * cost the sign-in page's first load 2 KB: the sign-in page's buttons use none of the rest.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (slotValue === undefined || childValue === undefined) continue;
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (name === "className") merged[name] = `${String(slotValue)} ${String(childValue)}`;
    else if (name === "style") merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "ref") merged[name] = bothRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
  }
  return cloneElement(child, merged);
}
