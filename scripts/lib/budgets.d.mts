export declare const HOME_JS_MAX_KB: number;
