import { Document, NodeIO, type Material } from '@gltf-transform/core';

/** How thick the panel is: a print on a thin mount, so it reads as a panel from the side. */
export const PANEL_DEPTH_M = 0.01;

/**
 * A print as a 3D model (GLB): a thin box `widthM` x `heightM` (metres, glTF's unit) whose front
 * (+Z, facing the room; its back on z = 0, against the wall for `ar-placement="wall"`) shows the
 * photo, the edges and back plain white. Centred on x, standing on y = 0, so a viewer places it
 * by its base.
 */
export async function buildPrintPanel(opts: {
  widthM: number;
  heightM: number;
  depthM?: number;
  /** The face: JPEG bytes (glTF's core reads JPEG and PNG textures only). */
  jpeg: Uint8Array;
}): Promise<Uint8Array> {
  const { widthM: w, heightM: h, depthM: d = PANEL_DEPTH_M, jpeg } = opts;
  const doc = new Document();
  const buffer = doc.createBuffer();
  const x0 = -w / 2;
  const x1 = w / 2;

  const face = doc
    .createMaterial('print')
    .setBaseColorTexture(doc.createTexture('photo').setImage(jpeg).setMimeType('image/jpeg'))
    .setMetallicFactor(0)
    .setRoughnessFactor(0.85);
  const mount = doc
    .createMaterial('mount')
    .setBaseColorFactor([0.96, 0.96, 0.95, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(0.9);

  // One quad per side: 4 corners (counter-clockwise seen from outside), its normal, and texture
  // coordinates (the photo's top-left at u 0, v 0).
  type Quad = { corners: number[][]; normal: number[] };
  const quad = ({ corners, normal }: Quad, material: Material) => {
    const positions = new Float32Array(corners.flat());
    const normals = new Float32Array([...normal, ...normal, ...normal, ...normal]);
    const uvs = new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]);
    const accessor = (
      array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>,
      type: 'VEC3' | 'VEC2' | 'SCALAR',
    ) => doc.createAccessor().setArray(array).setType(type).setBuffer(buffer);
    return doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(positions, 'VEC3'))
      .setAttribute('NORMAL', accessor(normals, 'VEC3'))
      .setAttribute('TEXCOORD_0', accessor(uvs, 'VEC2'))
      .setIndices(accessor(new Uint16Array([0, 1, 2, 0, 2, 3]), 'SCALAR'))
      .setMaterial(material);
  };
  const sides: Quad[] = [
    // back, against the wall
    {
      corners: [
        [x1, 0, 0],
        [x0, 0, 0],
        [x0, h, 0],
        [x1, h, 0],
      ],
      normal: [0, 0, -1],
    },
    // left, right, bottom, top edges
    {
      corners: [
        [x0, 0, 0],
        [x0, 0, d],
        [x0, h, d],
        [x0, h, 0],
      ],
      normal: [-1, 0, 0],
    },
    {
      corners: [
        [x1, 0, d],
        [x1, 0, 0],
        [x1, h, 0],
        [x1, h, d],
      ],
      normal: [1, 0, 0],
    },
    {
      corners: [
        [x0, 0, 0],
        [x1, 0, 0],
        [x1, 0, d],
        [x0, 0, d],
      ],
      normal: [0, -1, 0],
    },
    {
      corners: [
        [x0, h, d],
        [x1, h, d],
        [x1, h, 0],
        [x0, h, 0],
      ],
      normal: [0, 1, 0],
    },
  ];
  const mesh = doc.createMesh('print').addPrimitive(
    quad(
      {
        corners: [
          [x0, 0, d],
          [x1, 0, d],
          [x1, h, d],
          [x0, h, d],
        ],
        normal: [0, 0, 1],
      },
      face,
    ),
  );
  for (const side of sides) mesh.addPrimitive(quad(side, mount));
  const scene = doc.createScene('print').addChild(doc.createNode('print').setMesh(mesh));
  doc.getRoot().setDefaultScene(scene);
  return new NodeIO().writeBinary(doc);
}
