import type { ESLint, Rule } from "eslint";
export declare const typedApiCalls: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
