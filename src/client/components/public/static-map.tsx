import { ExternalLink, Map as MapIcon, MapPin } from "lucide-react";
import { useState } from "react";
import { ADDRESS, COMPANY_NAME, mapEmbedUrl, mapLink } from "@shared/company";
import { buttonVariants } from "~/components/ui/button-variants";

/**
 * A self-drawn map placeholder: nothing is requested from another host until the visitor asks
 * for the interactive map (privacy: no visitor data goes to a third party before consent).
 * If the embed then fails to load, the address and the "Abrir no mapa" link are still there.
 */
export function StaticMap() {
  const [interactive, setInteractive] = useState(false);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm sm:aspect-[16/9]">
        {interactive ? (
          <iframe
            ref={(el) => el?.focus()}
            src={mapEmbedUrl()}
            title={`Mapa interativo com a localização da ${COMPANY_NAME} em ${ADDRESS.district}, ${ADDRESS.city} – ${ADDRESS.state}`}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <>
            <MapDrawing />
            <div className="absolute inset-x-4 bottom-4 flex flex-col gap-3 rounded-lg bg-white/95 p-4 shadow-lg sm:inset-x-auto sm:left-4 sm:max-w-sm">
              <p className="flex gap-2 text-sm text-slate-800">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                <span>{ADDRESS.full}</span>
              </p>
              <button type="button" onClick={() => setInteractive(true)} className={`${buttonVariants({ size: "sm" })} self-start`}>
                <MapIcon aria-hidden />
                Carregar mapa interativo
              </button>
              <p className="text-xs text-slate-600">O mapa interativo é carregado do OpenStreetMap somente depois que você clicar no botão.</p>
            </div>
          </>
        )}
      </div>
      <a
        href={mapLink()}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Abrir no mapa
        <ExternalLink className="h-4 w-4" aria-hidden />
      </a>
    </div>
  );
}

/** Stylised streets, a park and a river around a pin (decorative). */
function MapDrawing() {
  return (
    <svg viewBox="0 0 800 450" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" className="absolute inset-0 h-full w-full">
      <rect width="800" height="450" className="fill-slate-100" />
      {/* blocks */}
      <g className="fill-slate-200">
        <rect x="40" y="30" width="170" height="110" rx="8" />
        <rect x="250" y="30" width="210" height="110" rx="8" />
        <rect x="500" y="30" width="260" height="110" rx="8" />
        <rect x="40" y="185" width="170" height="120" rx="8" />
        <rect x="500" y="185" width="120" height="120" rx="8" />
        <rect x="660" y="185" width="100" height="120" rx="8" />
        <rect x="250" y="350" width="210" height="80" rx="8" />
        <rect x="500" y="350" width="260" height="80" rx="8" />
      </g>
      {/* park */}
      <rect x="250" y="185" width="210" height="120" rx="14" className="fill-emerald-100" />
      <g className="fill-emerald-300">
        <circle cx="290" cy="220" r="12" />
        <circle cx="330" cy="262" r="15" />
        <circle cx="410" cy="215" r="13" />
        <circle cx="425" cy="272" r="10" />
      </g>
      {/* river */}
      <path d="M0 340 C 80 320, 140 360, 210 345 S 230 430, 180 450 L 0 450 Z" className="fill-sky-200" />
      {/* streets */}
      <g className="stroke-white" strokeWidth="18" strokeLinecap="round" fill="none">
        <path d="M0 162 H800" />
        <path d="M230 0 V450" />
        <path d="M480 0 V450" />
        <path d="M0 328 H800" />
        <path d="M640 162 V328" />
      </g>
      <g className="stroke-amber-200" strokeWidth="6" strokeLinecap="round" fill="none">
        <path d="M0 162 H800" />
      </g>
      {/* pin */}
      <g transform="translate(560 150)">
        <ellipse cx="0" cy="14" rx="14" ry="5" className="fill-slate-900/20" />
        <path d="M0 12 C -6 0, -22 -14, -22 -30 A 22 22 0 1 1 22 -30 C 22 -14, 6 0, 0 12 Z" className="fill-brand-600" />
        <circle cx="0" cy="-30" r="8" className="fill-white" />
      </g>
    </svg>
  );
}
