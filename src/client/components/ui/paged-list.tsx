import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatInteiro, formatTotal } from "@shared/br/numero";
import type { Page } from "@shared/schemas/common";
import { useInfiniteScroll } from "~/lib/paged-list";
import { Button } from "./button";
import { Card } from "./card";
import { ListError, Loading } from "./query-state";

/**
 * The body of every paged list: loading and error states, the rows (rendered by the page), the
 * next page as the user scrolls, and "Mostrando X de Y" with a manual "Carregar mais".
 * `framed` puts everything in one card (tables); otherwise only the states are (card grids).
 */
export function PagedList<T>({
  query,
  rows,
  total,
  totalLimitado = false,
  parada = null,
  noun,
  framed = true,
  frameClassName = "overflow-hidden",
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  rows: readonly T[];
  total: number;
  /** `total` is only a lower bound (the count stopped there): "Mostrando 50 de mais de 10.000". */
  totalLimitado?: boolean;
  /**
   * The search stopped before filling its page (it examines a bounded number of rows, the server
   * says why): this text is shown, and the next page is read only on 'Continuar a busca'.
   */
  parada?: string | null;
  /** Plural noun for the loading texts: "usuários" → "Carregando usuários...". */
  noun: string;
  framed?: boolean;
  frameClassName?: string;
  children: ReactNode;
}) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isError, isPending, isFetching, error } = query;
  const sentinel = useInfiniteScroll(query, Boolean(parada));
  const state = isPending ? <Loading label={`Carregando ${noun}...`} /> : isError && !rows.length ? <ListError error={error} /> : null;
  const more = (
    <>
      {isError && rows.length > 0 && <ListError error={error} className="py-4" />}
      {isFetchingNextPage && <Loading label={`Carregando mais ${noun}...`} className="py-4" />}
    </>
  );
  const content = <div aria-busy={isFetching && !isFetchingNextPage}>{children}</div>;

  return (
    <>
      {framed ? (
        <Card className={frameClassName}>
          {state ?? content}
          {more}
        </Card>
      ) : (
        <>
          {state ? <Card>{state}</Card> : content}
          {more}
        </>
      )}
      {parada && !isFetchingNextPage && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {parada}
        </p>
      )}
      <div ref={sentinel} className="flex flex-wrap items-center justify-between gap-3">
        {data && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {parada
              ? `Mostrando ${formatInteiro(rows.length)} ${noun} encontrados até aqui`
              : `Mostrando ${formatInteiro(rows.length)} de ${formatTotal(Math.max(total, rows.length), totalLimitado)}`}
          </p>
        )}
        {hasNextPage && !isFetchingNextPage && (
          <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
            {parada ? "Continuar a busca" : "Carregar mais"}
          </Button>
        )}
      </div>
    </>
  );
}
