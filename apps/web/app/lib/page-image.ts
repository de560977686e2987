/** An image ready to render: a fingerprinted URL plus the content's alt text and intrinsic size. */
export interface PageImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}
