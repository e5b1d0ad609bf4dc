import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Metadata key of a route's access rule (see the api's Access decorator and guard). */
export const ACCESS_RULE = 'intake:access-rule';

/** A public route: no authentication, not counted against any request limit. */
export const Public = () =>
  applyDecorators(SetMetadata(ACCESS_RULE, { public: true }), ApiExtension('x-access', { public: true }));
