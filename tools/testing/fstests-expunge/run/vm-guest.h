/* SPDX-License-Identifier: GPL-2.0 */
/* The guest's /init, run/vm-guest.sh built into the tool. */
#ifndef FEXP_VM_GUEST_H
#define FEXP_VM_GUEST_H

extern const char vm_guest_script[];

#endif
