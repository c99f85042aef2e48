/**
 * The option keys a function's TypeScript type accepts, read with the TypeScript checker: for each
 * call signature and parameter, the members of its type (or of a union's constituents) that are
 * *options objects* — object types with at least one property, all optional, not arrays, not
 * callable. Used by types.test.ts to compare them with the keyword parameters of the signature
 * line the function is bound to.
 */
import ts from 'typescript';

/** A TypeScript program over `files` and its checker. */
export function program(files: readonly string[]): { program: ts.Program; checker: ts.TypeChecker } {
  const p = ts.createProgram([...files], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  return { program: p, checker: p.getTypeChecker() };
}

function isOptionsType(checker: ts.TypeChecker, t: ts.Type): boolean {
  if (!(t.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return false;
  if (checker.isArrayType(t) || checker.isTupleType(t)) return false;
  if (t.getCallSignatures().length > 0 || t.getConstructSignatures().length > 0) return false;
  const props = checker.getPropertiesOfType(t);
  return props.length > 0 && props.every((p) => (p.flags & ts.SymbolFlags.Optional) !== 0);
}

/** The option keys accepted by the function type `t` (all call signatures), sorted. */
export function optionKeys(checker: ts.TypeChecker, t: ts.Type, at: ts.Node): string[] {
  const keys = new Set<string>();
  for (const s of t.getCallSignatures()) {
    for (const p of s.getParameters()) {
      let pt = checker.getTypeOfSymbolAtLocation(p, at);
      if (checker.isArrayType(pt)) pt = checker.getTypeArguments(pt as ts.TypeReference)[0]!; // ...rest
      const parts = pt.isUnion() ? pt.types : [pt];
      for (const u of parts)
        if (isOptionsType(checker, u)) for (const q of checker.getPropertiesOfType(u)) keys.add(q.name);
    }
  }
  return [...keys].sort();
}

/**
 * The type of the export reached by `path` (`['linalg', 'norm']`) of the module `file`.
 * @returns the type and a node to resolve it at, or null when not found
 */
export function exportType(
  env: { program: ts.Program; checker: ts.TypeChecker },
  file: string,
  path: readonly string[],
): { type: ts.Type; at: ts.Node } | null {
  const { program: p, checker } = env;
  const sf = p.getSourceFile(file);
  if (!sf) return null;
  const mod = checker.getSymbolAtLocation(sf);
  if (!mod) return null;
  let sym = checker.getExportsOfModule(mod).find((s) => s.name === path[0]);
  if (!sym) return null;
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  let type = checker.getTypeOfSymbolAtLocation(sym, sf);
  for (const name of path.slice(1)) {
    const prop = checker.getPropertyOfType(type, name);
    if (!prop) return null;
    type = checker.getTypeOfSymbolAtLocation(prop, sf);
  }
  return { type, at: sf };
}

/**
 * The type of method `member` of the instances of class `className` exported by `file`.
 * @returns the type and a node to resolve it at, or null when not found
 */
export function memberType(
  env: { program: ts.Program; checker: ts.TypeChecker },
  file: string,
  className: string,
  member: string,
): { type: ts.Type; at: ts.Node } | null {
  const { program: p, checker } = env;
  const sf = p.getSourceFile(file);
  const mod = sf && checker.getSymbolAtLocation(sf);
  if (!sf || !mod) return null;
  let cls = checker.getExportsOfModule(mod).find((s) => s.name === className);
  if (!cls) return null;
  if (cls.flags & ts.SymbolFlags.Alias) cls = checker.getAliasedSymbol(cls);
  const prop = checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(cls), member);
  return prop ? { type: checker.getTypeOfSymbolAtLocation(prop, sf), at: sf } : null;
}
