"""Entry point of the Cloud Functions codebase: declares the functions, nothing else.

Firebase discovers every function defined at module level here; the code lives in `service`.
"""
from service.accounts import createAccount
from service.callables import CALLABLES
from service.endpoint import callable_function

createGameRoom = callable_function("createGameRoom", CALLABLES["createGameRoom"])
joinGameRoom = callable_function("joinGameRoom", CALLABLES["joinGameRoom"])
leaveGameRoom = callable_function("leaveGameRoom", CALLABLES["leaveGameRoom"])
toggleReady = callable_function("toggleReady", CALLABLES["toggleReady"])
startGame = callable_function("startGame", CALLABLES["startGame"])
placeBid = callable_function("placeBid", CALLABLES["placeBid"])
chooseTeammate = callable_function("chooseTeammate", CALLABLES["chooseTeammate"])
playCard = callable_function("playCard", CALLABLES["playCard"])
inviteToRoom = callable_function("inviteToRoom", CALLABLES["inviteToRoom"])
updateRoomSettings = callable_function("updateRoomSettings", CALLABLES["updateRoomSettings"])

__all__ = ["createAccount", *CALLABLES]
