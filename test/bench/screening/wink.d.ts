// Minimal declarations for the two untyped wink packages the BM25 baseline uses.
declare module "wink-bm25-text-search" {
  type PrepTask = (input: any) => any;
  interface BM25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: PrepTask[], field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number): [string, number][];
  }
  const bm25: () => BM25Engine;
  export default bm25;
}

declare module "wink-nlp-utils" {
  type PrepTask = (input: any) => any;
  const nlp: {
    string: Record<"lowerCase" | "tokenize0" | "removeExtraSpaces", PrepTask>;
    tokens: Record<"removeWords" | "stem" | "propagateNegations", PrepTask>;
  };
  export default nlp;
}
