import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { COMANDOS_TEXTOS, type Portao } from "@shared/schemas/comandos";
import { toast, toastApiError } from "~/lib/toast";
import { novaChave, portoesQuery, useAbrirPortao } from "./api";

// 'Registrar e abrir' (gate-operation-spec §2.2): the second half, opening the condominium's main
// entrance for the entry just let in. The console registers the entry; the page hands it this.

/**
 * The condominium's main entrance: the first 'entrada' door of a device that is online, else the
 * first 'entrada' door (the device may answer anyway, and the command says so if it does not),
 * else none. The first is the server's order (devices by name, doors by number).
 */
export function portaoPrincipal<P extends Pick<Portao, "sentido" | "estado_dispositivo">>(portoes: readonly P[]): P | undefined {
  const entradas = portoes.filter((p) => p.sentido === "entrada");
  return entradas.find((p) => p.estado_dispositivo === "online") ?? entradas[0];
}

/**
 * Opens the main entrance for the entry `registroId` (a 'liberado' one of `condominioId`, just
 * registered): no reason is asked and no record is added, the entry is the record. The command goes
 * into the list 'Portões' shows, which follows its state live. Never throws: a failure is a toast.
 */
export function useAbrirPortaoPrincipal(): (condominioId: string, registroId: string) => Promise<void> {
  const client = useQueryClient();
  const { mutateAsync: abrir } = useAbrirPortao();
  return useCallback(
    async (condominioId: string, registroId: string) => {
      try {
        const { portoes } = await client.fetchQuery(portoesQuery(condominioId));
        const portao = portaoPrincipal(portoes);
        if (!portao) {
          toast({ title: COMANDOS_TEXTOS.abrir, description: COMANDOS_TEXTOS.semPortaoDeEntrada, variant: "destructive" });
          return;
        }
        await abrir({
          condominio_id: condominioId,
          dispositivo_id: portao.dispositivo.id,
          porta: portao.porta,
          chave_idempotencia: novaChave(),
          registro_id: registroId,
        });
      } catch (error) {
        toastApiError(COMANDOS_TEXTOS.abrir, error);
      }
    },
    [client, abrir],
  );
}
