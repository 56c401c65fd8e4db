import type { KeyboardEvent } from "react";

/**
 * Ctrl+Enter (⌘+Enter on a Mac): 'Registrar e abrir' (gate-operation-spec §2.2) on a focused
 * result's 'Registrar entrada' and in the walk-in visitor's form. Not while an input method composes.
 */
export const ctrlEnter = (event: KeyboardEvent) => event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;
