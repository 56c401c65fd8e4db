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
  /** Plural noun for the loading texts: "usuários" → "Carregando usuários...". */
  noun: string;
  framed?: boolean;
  frameClassName?: string;
  children: ReactNode;
}) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isError, isPending, isFetching, error } = query;
  const sentinel = useInfiniteScroll(query);
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
      <div ref={sentinel} className="flex flex-wrap items-center justify-between gap-3">
        {data && (
          <p className="text-sm text-slate-600" aria-live="polite">
            Mostrando {formatInteiro(rows.length)} de {formatTotal(total, totalLimitado)}
          </p>
        )}
        {hasNextPage && !isFetchingNextPage && (
          <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
            Carregar mais
          </Button>
        )}
      </div>
    </>
  );
}
