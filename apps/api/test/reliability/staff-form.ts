import { formData, multipart, pngBytes } from '../harness.js';

/**
 * The POST /api/staff body of a new person in the demo company (an address in Southbank VIC)
 * with a `size` x `size` PNG picture, encoded as multipart as a browser sends it.
 */
export async function staffWithPicture(
  person: { first_name: string; last_name: string; email: string },
  size: number,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = formData(
    { ...person, phone: '0412 000 000', address: '2 Work Street', suburb: 'Southbank', state: 'VIC', postcode: '3006' },
    { data: pngBytes(size, size), filename: 'me.png', type: 'image/png' },
  );
  const { payload, contentType } = await multipart(form);
  return { body: payload, headers: { 'content-type': contentType } };
}
