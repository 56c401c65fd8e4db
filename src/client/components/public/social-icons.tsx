import type { SocialNetwork } from "@shared/company";
import type { SVGProps } from "react";

// lucide-react 1.x ships no brand logos: these are simple inline marks (no external request).
const paths: Record<SocialNetwork, string> = {
  facebook: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21h3Z",
  instagram:
    "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM20 7.6c-.1-1.4-.4-2.6-1.4-3.6S16.4 2.7 15 2.6c-1.4-.1-5.6-.1-7 0-1.4.1-2.6.4-3.6 1.4S3.1 6.2 3 7.6c-.1 1.4-.1 5.6 0 7 .1 1.4.4 2.6 1.4 3.6s2.2 1.3 3.6 1.4c1.4.1 5.6.1 7 0 1.4-.1 2.6-.4 3.6-1.4s1.3-2.2 1.4-3.6c.1-1.4.1-5.6 0-7Zm-1.9 8.7a2.9 2.9 0 0 1-1.6 1.6c-1.1.4-3.8.3-4.5.3s-3.4.1-4.5-.3a2.9 2.9 0 0 1-1.6-1.6c-.4-1.1-.3-3.8-.3-4.5s-.1-3.4.3-4.5a2.9 2.9 0 0 1 1.6-1.6c1.1-.4 3.8-.3 4.5-.3s3.4-.1 4.5.3a2.9 2.9 0 0 1 1.6 1.6c.4 1.1.3 3.8.3 4.5s.1 3.4-.3 4.5Z",
  linkedin:
    "M6.9 20H3.6V9.3h3.3V20ZM5.3 7.8a1.9 1.9 0 1 1 0-3.8 1.9 1.9 0 0 1 0 3.8ZM20.4 20h-3.3v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20h-3.3V9.3h3.2v1.5c.4-.8 1.5-1.7 3.1-1.7 3.3 0 4 2.2 4 5.1V20Z",
};

export function SocialIcon({ network, ...props }: { network: SocialNetwork } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d={paths[network]} />
    </svg>
  );
}
