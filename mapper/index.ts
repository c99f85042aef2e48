/** The mapper's public face: the interface, its type guard, and the default implementation. */
export { DefaultMapper, type DefaultMapperOptions } from './default-mapper.js';
export { isMapper, type Mapper, type MapperQuery, shardBlock } from './mapper.js';
