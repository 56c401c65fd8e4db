/** The first stop of the keyboard: jumps over the navigation to <main id="conteudo">. */
export function SkipLink() {
  return (
    <a
      href="#conteudo"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
    >
      Pular para o conteúdo
    </a>
  );
}
