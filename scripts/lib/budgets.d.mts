export declare const HOME_JS_MAX_KB: number;
export declare const HOME_JS_INTERACTIVE_MAX_KB: number;
