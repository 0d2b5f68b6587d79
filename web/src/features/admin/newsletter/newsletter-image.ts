import { mergeAttributes, Node } from '@tiptap/react';

/**
 * Her photos in a newsletter: a block image with its address and alt text, nothing else (the
 * server keeps only images on the shop's own address: newsletter-html.ts).
 */
export const NewsletterImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});
