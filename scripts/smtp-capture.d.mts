// Types of scripts/smtp-capture.mjs for the TypeScript tests that import it.
export interface CapturedMessage {
  to: string[];
  from: string | null;
  subject: string | null;
  messageId: string | null;
  /** The viewerThirdParty links in the body: the share the e-mail announces. */
  links: string[];
  receivedAt: string;
}
/** A loopback SMTP server keeping what it accepts, readable at `${httpUrl}/messages`. */
export declare function startSmtpCapture(options: { httpPort: number; host?: string }): Promise<{ smtpUrl: string; httpUrl: string; close: () => Promise<void> }>;
export declare const captureHttpPort: (env?: Record<string, string | undefined>) => number;
