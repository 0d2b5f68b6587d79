import { useParams } from 'react-router';

/** The route's :id as a number, and whether it names anything (a positive integer). */
export function useIdParam() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  return { id, validId: Number.isInteger(id) && id > 0 };
}
