import type { Fabricante } from "@shared/schemas/dispositivos";
import { driverControlId } from "./controlid";
import { driverIntelbras } from "./intelbras";
import type { DriverDeDispositivo } from "./tipos";

// The vendors the portal speaks to: one driver each, made once per server (a driver keeps its
// sessions with the devices). Adding a vendor is adding it here and to FABRICANTES.

export type Drivers = Record<Fabricante, DriverDeDispositivo>;

export const criarDrivers = (): Drivers => ({ controlid: driverControlId(), intelbras: driverIntelbras() });

export { FalhaDoDispositivo, type AlvoDoDispositivo, type DriverDeDispositivo, type IdentidadeDoDispositivo } from "./tipos";
