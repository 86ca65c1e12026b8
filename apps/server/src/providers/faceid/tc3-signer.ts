import { createHash, createHmac } from 'node:crypto';

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** Product name in the credential scope, e.g. `faceid`. */
  service: string;
  /** Value of the Host header, e.g. `faceid.tencentcloudapi.com`. */
  host: string;
  action: string;
  version: string;
  region?: string;
  /** The exact JSON body sent. */
  payload: string;
  /** Unix seconds. */
  timestamp: number;
}

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256) for a JSON POST to `/`: canonical request
 * over content-type, host and x-tc-action, string to sign with the `date/service/tc3_request`
 * scope, and the key chain TC3+SecretKey → date → service → `tc3_request`.
 */
export function signTc3(request: Tc3Request): Record<string, string> {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${TC3_CONTENT_TYPE}\nhost:${request.host.toLowerCase()}\nx-tc-action:${request.action.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(request.payload),
  ].join('\n');
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(request.timestamp),
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${request.secretKey}`, date), request.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    Authorization: `TC3-HMAC-SHA256 Credential=${request.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    'Content-Type': TC3_CONTENT_TYPE,
    Host: request.host,
    'X-TC-Action': request.action,
    'X-TC-Timestamp': String(request.timestamp),
    'X-TC-Version': request.version,
    ...(request.region ? { 'X-TC-Region': request.region } : {}),
  };
}
