import { AppError, badRequest } from '../../platform/http/app-error';
import { labMessages } from '../../contract';
import { LabError } from './lab-provider';
import type { AnyLabProvider } from './lab-providers';

/** What of a lab its words need: its name, whether it has a secret, what its 404 may be about. */
type Lab = Pick<AnyLabProvider, 'name' | 'usesSecret' | 'lookupSubjects'>;

/** A lab's failure for the owner: what it means in her words, and the lab's own text beside. */
export type LabErrorWords = { words: string; labText: string | null };

/**
 * The owner's words for a lab's answer, by its HTTP status; the lab's own text is kept beside
 * (a refusal we make ourselves, such as a store not chosen, has no status and is already in
 * words).
 */
export function labErrorWords(lab: Lab, err: LabError): LabErrorWords {
  const { name } = lab;
  if (err.status === null)
    return err.kind === 'refused'
      ? { words: err.message, labText: null }
      : { words: `${name} is not answering right now.`, labText: err.message };
  return { words: wordsFor(lab, err, err.status), labText: err.message };
}

function wordsFor(lab: Lab, err: LabError, s: number): string {
  const { name } = lab;
  if (s === 401 || s === 403)
    return `${name} did not accept ${lab.usesSecret ? 'the API key and secret' : 'the API key'}.`;
  if (s === 404) return `${name} could not find what it was asked for (${lab.lookupSubjects}).`;
  if (s === 429) return `${name} is busy (too many requests in a minute).`;
  if (s >= 500 || err.kind === 'unavailable') return `${name} is not answering right now.`;
  // a refusal: what of ours, when the lab's answer says
  if (s === 406 || err.about === 'file') return `${name} did not accept the print file for this size.`;
  if (err.about === 'address') return `${name} did not accept the delivery address.`;
  if (err.about === 'product')
    return `${name} does not make the product as it was asked for (its size or options).`;
  if (s === 400 || s === 422)
    return `${name} found something it cannot take in what was sent (the address, a size or a file).`;
  return `${name} refused the request.`;
}

/** The words and the lab's text as one message: `... (Lumaprints said: "Unauthorized")`. */
export function labErrorMessage(lab: Lab, { words, labText }: LabErrorWords): string {
  return labText && labText !== words ? `${words} (${lab.name} said: "${labText}")` : words;
}

/** A lab call for the owner: the lab's refusal is a 400 in her words with its text, the lab down a 503. */
export async function forOwner<T>(lab: Lab, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof LabError)
      throw err.kind === 'refused'
        ? badRequest(labErrorMessage(lab, labErrorWords(lab, err)))
        : new AppError('unavailable', labMessages.unavailable);
    throw err;
  }
}
