import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

// Colours meet AA contrast on their backgrounds.
export const badgeVariants = cva("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      default: "border-transparent bg-brand-600 text-white",
      green: "border-transparent bg-emerald-100 text-emerald-900",
      grey: "border-transparent bg-slate-200 text-slate-800",
      yellow: "border-transparent bg-amber-100 text-amber-900",
      red: "border-transparent bg-red-100 text-red-900",
      outline: "border-slate-300 text-slate-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
