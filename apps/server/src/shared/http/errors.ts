/** A business or validation failure: answered as HTTP 200 `{code: 1, message}`. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

/** Missing, invalid, expired or revoked token: `{code: 401, message: '请登录'}`. */
export class AuthenticationError extends BusinessError {
  constructor(message = '请登录') {
    super(message, 401);
    this.name = 'AuthenticationError';
  }
}

export const GENERIC_ERROR_MESSAGE = '错误';
/** MeEdu's answer to a request whose parameters cannot be understood. */
export const INVALID_PARAMS_MESSAGE = '参数错误';
