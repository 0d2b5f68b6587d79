import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's requests over `fetch`, for the service worker: the library's browser stack uses
 * XMLHttpRequest, which a service worker does not have. Same-origin requests carry the session
 * cookie (`credentials: 'same-origin'`). fetch reports no upload progress: a request's bytes count
 * as sent once it has answered.
 */
export class FetchHttpStack implements HttpStack {
  createRequest(method: string, url: string): HttpRequest {
    return new FetchHttpRequest(method, url);
  }

  getName(): string {
    return 'FetchHttpStack';
  }
}

class FetchHttpRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body: Blob | null = null): Promise<HttpResponse> {
    const response = await fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      credentials: 'same-origin',
      signal: this.controller.signal,
    });
    // tus-js-client reads the body synchronously (its error messages): read it whole first
    const text = await response.text();
    if (body) this.progress(body.size);
    return new FetchHttpResponse(response, text);
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }

  getUnderlyingObject(): AbortController {
    return this.controller;
  }
}

class FetchHttpResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.response.status;
  }

  /** A header's value, or undefined when absent (fetch's Headers answer null). */
  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): Response {
    return this.response;
  }
}
