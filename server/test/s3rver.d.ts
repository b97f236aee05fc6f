/** s3rver (a dev dependency without types): the little of it the S3 storage test uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list (S3rver is a Koa application), composed when it starts. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  }
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
}
