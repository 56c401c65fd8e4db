import { Star } from "lucide-react";
import { RATING_SCALE, ratingLabel } from "~/lib/site/testimonials";
import { clsx } from "clsx";

/** Stars drawn for sighted users, one sentence for screen readers ("Avaliação: 4 de 5 estrelas"). */
export function StarRating({ rating, scale = RATING_SCALE }: { rating: number; scale?: number }) {
  return (
    <div role="img" aria-label={ratingLabel(rating, scale)} className="flex gap-0.5" data-rating={rating}>
      {Array.from({ length: scale }, (_, i) => (
        <Star key={i} aria-hidden className={clsx("h-5 w-5", i < rating ? "fill-amber-400 text-amber-500" : "fill-slate-200 text-slate-400")} />
      ))}
    </div>
  );
}
