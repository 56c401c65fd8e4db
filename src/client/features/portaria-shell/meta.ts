/** <title> of a Portaria Web screen ("Painel de Controle | Portaria Web"); the area is never indexed. */
export function portariaMeta(title: string) {
  return [{ title: `${title} | Portaria Web` }, { name: "robots", content: "noindex" }];
}
