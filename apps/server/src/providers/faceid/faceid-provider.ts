export interface FaceIdSession {
  bizToken: string;
  /** Where the member's browser goes to be verified (the vendor's H5 flow). */
  url: string;
  requestId: string;
}

export type FaceIdResult =
  | { outcome: 'passed'; name: string; idNumber: string }
  | { outcome: 'failed'; reason: string }
  /** The member has not finished the vendor's flow yet. */
  | { outcome: 'pending' };

/** Real-name verification by face (Tencent Cloud FaceID, or the development simulation). */
export interface FaceIdProvider {
  /** `real` or `dev`. */
  readonly driver: string;
  /** False when the real vendor's credentials or rule id are missing. */
  readonly configured: boolean;
  readonly ruleId: string;
  start(options: { redirectUrl: string; extra: string }): Promise<FaceIdSession>;
  result(options: { bizToken: string; ruleId: string }): Promise<FaceIdResult>;
}

/** The vendor refused (`code` is its error code) or could not be reached (`code` = 'Unreachable'). */
export class FaceIdError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'FaceIdError';
  }
}
