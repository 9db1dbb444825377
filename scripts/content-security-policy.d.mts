/** Types of scripts/content-security-policy.mjs (see its documentation). */
export declare const TRUSTED_TYPES_POLICIES: readonly string[];
export declare const EMPTY_STYLE_SOURCE: string;
export declare const PRERENDERED_PAGES: readonly string[];
export declare const NGINX_CSP_LINE: RegExp;
export declare function cspHashSource(text: string): string;
export declare function contentSecurityPolicy(sources: {
  scripts: readonly string[];
  styles: readonly string[];
  meta?: boolean;
}): string;
export declare function headerPolicyOf(distDir: string): string;
