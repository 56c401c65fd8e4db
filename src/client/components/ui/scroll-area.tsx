import { ScrollArea as ScrollAreaPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * A scroll box with a slim custom scrollbar. Size it through `viewportClassName`
 * (e.g. "max-h-48"); the viewport is focusable so keyboard users can scroll it too.
 */
export function ScrollArea({
  className,
  viewportClassName,
  viewportProps,
  children,
  ...props
}: ComponentProps<typeof ScrollAreaPrimitive.Root> & {
  viewportClassName?: string;
  /** e.g. role="group" and aria-labelledby, so the focusable viewport has a name. */
  viewportProps?: Omit<ComponentProps<typeof ScrollAreaPrimitive.Viewport>, "className" | "children">;
}) {
  return (
    <ScrollAreaPrimitive.Root className={cn("relative overflow-hidden", className)} {...props}>
      <ScrollAreaPrimitive.Viewport
        tabIndex={0}
        {...viewportProps}
        className={cn("h-full w-full rounded-[inherit] focus-visible:outline-2 focus-visible:outline-brand-500", viewportClassName)}
      >
        {children}
      </ScrollAreaPrimitive.Viewport>
      <ScrollBar />
      <ScrollAreaPrimitive.Corner />
    </ScrollAreaPrimitive.Root>
  );
}

export function ScrollBar({ className, orientation = "vertical", ...props }: ComponentProps<typeof ScrollAreaPrimitive.Scrollbar>) {
  return (
    <ScrollAreaPrimitive.Scrollbar
      orientation={orientation}
      className={cn(
        "flex touch-none select-none p-px transition-colors",
        orientation === "vertical" && "h-full w-2.5 border-l border-l-transparent",
        orientation === "horizontal" && "h-2.5 flex-col border-t border-t-transparent",
        className,
      )}
      {...props}
    >
      <ScrollAreaPrimitive.Thumb className="relative flex-1 rounded-full bg-slate-300" />
    </ScrollAreaPrimitive.Scrollbar>
  );
}
