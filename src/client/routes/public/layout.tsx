import { SkipLink } from "~/components/layout/skip-link";
import { Outlet, useLocation } from "react-router";
import { Footer } from "~/components/layout/footer";
import { Navbar } from "~/components/layout/navbar";
import { hasDarkHero } from "~/lib/site/navigation";
import { clsx } from "clsx";

export default function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Navbar />
      {/* Pages with a dark hero draw under the transparent bar; the others start below it. */}
      <main id="conteudo" tabIndex={-1} className={clsx("flex-1 outline-none", !hasDarkHero(pathname) && "pt-16")}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
