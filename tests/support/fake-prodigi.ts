// The Prodigi double lives in the app (the demo lab runs it in-process); tests import it from here.
export * from '../../src/demo/labs/prodigi-double';
