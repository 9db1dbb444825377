import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A response as the server sent it: status, headers, and the body still encoded (not decompressed). */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One GET of `path` on `origin` (http or https), the path sent as written (not normalised, so `..` and
 * `%2e` reach the server), with exactly the given Accept-Encoding (none when undefined). Rejects on a
 * network error. For the header, encoding and route checks that must see the bytes a server sends.
 */
export function getRaw(
  origin: string,
  path: string,
  acceptEncoding: string | undefined,
): Promise<RawResponse> {
  const { protocol, hostname, port } = new URL(origin);
  const request = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        path,
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
