import { AppError, badRequest } from '../../platform/http/app-error';
import { labMessages, labNames, type LabProviderId } from '../../contract';
import { LabError } from './lab-provider';
import { labProviders } from './lab-providers';

/** A lab's failure for the owner: what it means in her words, and the lab's own text beside. */
export type LabErrorWords = { words: string; labText: string | null };

/**
 * The owner's words for a lab's answer, by its HTTP status; the lab's own text is kept beside
 * (a refusal we make ourselves, such as a store not chosen, has no status and is already in
 * words).
 */
export function labErrorWords(provider: LabProviderId, err: LabError): LabErrorWords {
  const name = labNames[provider];
  if (err.status === null)
    return err.kind === 'refused'
      ? { words: err.message, labText: null }
      : { words: `${name} is not answering right now.`, labText: err.message };
  const credentials = labProviders[provider].usesSecret ? 'the API key and secret' : 'the API key';
  const s = err.status;
  const words =
    s === 401 || s === 403
      ? `${name} did not accept ${credentials}.`
      : s === 404
        ? `${name} could not find what it was asked for (the store, product or order).`
        : s === 406
          ? `${name} did not accept the print file for this size.`
          : s === 400 || s === 422
            ? `${name} found something it cannot take in what was sent (the address, a size or a file).`
            : s === 429
              ? `${name} is busy (too many requests in a minute).`
              : s >= 500 || err.kind === 'unavailable'
                ? `${name} is not answering right now.`
                : `${name} refused the request.`;
  return { words, labText: err.message };
}

/** The words and the lab's text as one message: `... (Lumaprints said: "Unauthorized")`. */
export function labErrorMessage(provider: LabProviderId, { words, labText }: LabErrorWords): string {
  return labText && labText !== words ? `${words} (${labNames[provider]} said: "${labText}")` : words;
}

/** A lab call for the owner: the lab's refusal is a 400 in her words with its text, the lab down a 503. */
export async function forOwner<T>(provider: LabProviderId, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof LabError)
      throw err.kind === 'refused'
        ? badRequest(labErrorMessage(provider, labErrorWords(provider, err)))
        : new AppError('unavailable', labMessages.unavailable);
    throw err;
  }
}
