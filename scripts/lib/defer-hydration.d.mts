export declare const DEFERRED_TYPE: string;
export declare function deferHydration(html: string, options: { hintKey: string }): string;
