// The button classes, kept apart from <Button> so links styled as buttons (the public pages) get
// them without the Slot and class-merging code that <Button> brings. A plain lookup rather than
// class-variance-authority: this file is part of every public page's JavaScript.
const BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  default: "bg-brand-600 text-white hover:bg-brand-700",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
  secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200",
  ghost: "text-slate-800 hover:bg-slate-100",
  link: "text-brand-700 underline-offset-4 hover:underline",
  /** The default button on a dark background (the heroes, the transparent navigation bar). */
  inverse: "bg-white text-brand-900 hover:bg-brand-50",
  /** The outline button on a dark background. */
  outlineInverse: "border border-white/60 bg-transparent text-white hover:bg-white/10",
} as const;

const SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-6 text-base",
  icon: "h-10 w-10",
} as const;

export interface ButtonVariantProps {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
}

export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  return `${BASE} ${VARIANTS[variant ?? "default"]} ${SIZES[size ?? "default"]}`;
}
