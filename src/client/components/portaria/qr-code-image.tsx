import { useMemo } from "react";

interface Drawing {
  viewBox: string;
  paths: { d: string; fill?: string; stroke?: string }[];
}

/**
 * The server's QR SVG (the `qrcode` library's: a viewBox and a few <path>s) read into plain data.
 * The page's Content-Security-Policy allows images from the site only (img-src 'self'), so a
 * data: URL would be blocked; and markup is never injected. Only the viewBox and each path's d,
 * fill and stroke are kept: nothing else of the text reaches the page.
 */
function readSvg(svg: string): Drawing | null {
  if (typeof DOMParser === "undefined") return null;
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return null;
  const viewBox = root.getAttribute("viewBox");
  if (!viewBox || !/^[\d.\s]+$/.test(viewBox)) return null;
  const paths = [...root.getElementsByTagName("path")].map((p) => ({
    d: p.getAttribute("d") ?? "",
    fill: p.getAttribute("fill") ?? undefined,
    stroke: p.getAttribute("stroke") ?? undefined,
  }));
  return { viewBox, paths };
}

/** The authorisation's QR Code, drawn crisp at any size; named for screen readers by `label`. */
export function QrCodeImage({ svg, label, className }: { svg: string; label: string; className?: string }) {
  const drawing = useMemo(() => readSvg(svg), [svg]);
  if (!drawing) return null;
  return (
    <svg role="img" aria-label={label} viewBox={drawing.viewBox} shapeRendering="crispEdges" className={className} data-testid="qrcode">
      {drawing.paths.map((p, i) => (
        <path key={i} d={p.d} fill={p.fill} stroke={p.stroke} />
      ))}
    </svg>
  );
}
