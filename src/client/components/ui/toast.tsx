import { useLingui } from "@lingui/react/macro";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

// Spec section 9: 5 s on screen; swipe right past 50 px to dismiss.
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export function ToastProvider({
  duration = TOAST_DURATION,
  swipeDirection = "right",
  swipeThreshold = TOAST_SWIPE_THRESHOLD,
  ...props
}: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={duration}
      swipeDirection={swipeDirection}
      swipeThreshold={swipeThreshold}
      {...props}
    />
  );
}

/**
 * Where toasts appear; Radix's default F8 hotkey moves focus here. At the bottom on every screen: at
 * the top of a phone they covered the header and its menu button for the five seconds they stay.
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed right-0 bottom-0 z-[100] pointer-events-none flex max-h-screen w-full flex-col p-4 outline-none md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-5 pr-8 shadow-lg transition-all data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
  {
    variants: {
      variant: {
        default: "border bg-background text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useLingui();
  return (
    <ToastPrimitive.Close
      aria-label={t({ id: "toast.close", message: "Close notification" })}
      className={cn(
        "absolute top-2 right-2 rounded-md p-1 text-foreground/70 transition-opacity hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none group-[.destructive]:text-destructive-foreground/90 group-[.destructive]:hover:text-destructive-foreground",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm opacity-90", className)} {...props} />;
}
