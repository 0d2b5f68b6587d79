// Starting content for a new shop: the owner edits all of it from the admin area.
// Rich text uses only what the admin editor produces (p, strong, em, h2-h4, ul, li, a).

import { escapeHtml } from '../../platform/html';

export function defaultAbout(photographerName: string | undefined) {
  const me = photographerName ? `<strong>${escapeHtml(photographerName)}</strong>, an` : 'an';
  return {
    mainBio: `<p>Hello, I'm ${me} amateur wildlife photographer living in Washington, DC.</p>
<p>Most of the photographs on this site were made at a national wildlife refuge a short drive from the city: a patchwork of tidal marsh, hardwood forest and quiet ponds that I have walked hundreds of times and still do not know by heart. On a good morning there are great blue herons working the shallows, ospreys hauling fish out of the river and, if I am very lucky, a red fox trotting along the edge of the meadow.</p>
<p>I picked up a camera to have a reason to be outside more. Over the years it became a way of paying attention &mdash; to the seasons, to animals going about their lives, and to the small moments most of us walk past.</p>
<h3>Why prints?</h3>
<p>A photograph on a screen is gone with a swipe. A print on the wall is something you live with. Every print I sell is made to order, checked by me, and sent with the hope that it brings a little of the refuge into your home.</p>`,
    approachText: `<h3>Patience first</h3>
<p>I usually arrive before sunrise, find a spot near the water and wait. Wildlife comes on its own terms, and I would rather miss a picture than disturb an animal, a nest or a habitat. I keep my distance, use long lenses, stay on the trails and follow the refuge's rules.</p>
<h3>Honest light</h3>
<p>In editing I aim for <em>honesty</em>: colour and light as they were, careful cropping, nothing added or taken away. The goal is a print that feels like standing there at the water's edge.</p>
<ul>
<li>No baiting, calling or flushing of animals</li>
<li>No composites or added skies</li>
<li>Locations of nests and dens are never shared</li>
</ul>`,
    servicesText: `<h3>Fine art prints</h3>
<p>Every photograph in the <a href="/portfolio">portfolio</a> is available as a print in several sizes and finishes, made to order by a professional lab and shipped within the United States.</p>
<h3>Custom sizes and gifts</h3>
<p>Looking for a size that is not listed, a set of prints for a gift, or a photograph of a particular animal? I am glad to help.</p>
<h3>Licensing</h3>
<p>Photographs can be licensed for editorial, educational and conservation use. <a href="/contact">Get in touch</a> and tell me what you have in mind.</p>`,
  };
}

export const defaultFaqs: { question: string; answer: string }[] = [
  {
    question: 'What print sizes and materials do you offer?',
    answer:
      'Each photograph lists the sizes that suit its shape, from 8x10 inches up to large panoramas. Prints are made on archival lustre paper, which has a soft sheen and rich colour without strong glare; some photographs are also offered on fine art matte paper or canvas. The options and prices for each photograph are shown on its page.',
  },
  {
    question: 'Where do you ship, and how long does it take?',
    answer:
      'I ship within the United States only. Every print is made to order, so please allow 5-7 business days for printing and inspection, then 3-5 business days for delivery. You will receive an e-mail confirmation as soon as your order is placed.',
  },
  {
    question: 'What if my print arrives damaged?',
    answer:
      'Prints are shipped flat or rolled in sturdy packaging, but accidents happen. If your print arrives damaged, send me a photo of the print and the packaging within 14 days of delivery and I will replace it at no cost.',
  },
  {
    question: 'Can I return a print?',
    answer:
      'Because every print is made to order, I cannot accept returns for a change of mind. If something is wrong with your order, a printing flaw or the wrong size, please get in touch and I will make it right.',
  },
  {
    question: 'Are the prints framed?',
    answer:
      'Prints are sold unframed so you can choose a frame that suits your home. Standard sizes such as 8x10 and 12x16 fit ready-made frames from most stores. I recommend a mat and UV-protective glass for the best presentation.',
  },
  {
    question: 'How should I care for my print?',
    answer:
      'Hang your print out of direct sunlight and away from humidity, such as bathrooms or above a radiator. Handle unframed prints by the edges with clean, dry hands, and dust a framed print with a soft, dry cloth.',
  },
  {
    question: 'Can I license a photograph or order a custom size?',
    answer:
      'Yes. Photographs can be licensed for editorial, educational and conservation use, and I can often print a size that is not listed. Send me a message through the contact page with the photograph and what you need, and I will reply within 1-2 business days.',
  },
];

export const defaultShippingNotice = {
  isActive: false,
  line1: 'Orders placed after June 20 will be processed after July 5.',
  line2: "I'm away photographing. Thank you for your patience!",
};
