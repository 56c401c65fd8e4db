import type { Rule } from "eslint";
export declare const typedApiCalls: Rule.RuleModule;
