/**
 * An email address that a narrow column may wrap only after its @ and its dots (as the Chicago
 * Manual of Style breaks one), never inside a name: "kj.mattsson@example.edu" becomes
 * "kj.mattsson@" and "example.edu", not "…@exampl e.edu". <wbr> adds no character, so a copied
 * address stays whole.
 */
import { Fragment } from 'react';

export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
