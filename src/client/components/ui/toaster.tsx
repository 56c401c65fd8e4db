import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { dismissToast, getCurrentToast, subscribeToasts } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { TOAST_DURATION } from "@shared/messages";

const variantClasses = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  destructive: "border-red-700 bg-red-700 text-white",
} as const;

export function Toaster() {
  const item = useSyncExternalStore(subscribeToasts, getCurrentToast, () => null);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION.default} label="Notificação">
      {item && (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === "destructive" ? "foreground" : "background"}
          data-variant={item.variant}
          className={cn(
            "relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            "data-[state=closed]:opacity-0 transition-opacity",
            variantClasses[item.variant],
          )}
        >
          <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
          {item.description && <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>}
          <Toast.Close aria-label="Fechar notificação" className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        hotkey={["F8"]}
        label="Notificações ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none print:hidden"
      />
    </Toast.Provider>
  );
}
